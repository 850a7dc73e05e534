// The shared markdown renderer (src/page-kit/markdown.js), served to the Activity as `app/markdown.js` (src/discord/activity/server.ts).
export * from '../../../page-kit/markdown.js';
