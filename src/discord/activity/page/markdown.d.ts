// The local page's markdown renderer, served to the Activity as `app/markdown.js` (src/discord/activity/server.ts).
export { escapeHtml, renderInline, renderMarkdown } from '../../../local/page/markdown.js';
