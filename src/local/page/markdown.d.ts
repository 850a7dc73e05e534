// The shared markdown renderer (src/page-kit/markdown.js), served to this page as `markdown.js` (src/local/web/server.ts).
export * from '../../page-kit/markdown.js';
