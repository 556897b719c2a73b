/** What app.ts and the demo seed may use of content. */
export { contentModule } from './content.module';
export { readTimeMinutes } from './read-time';
export { insertArticle, insertTestimonial } from './store';
export { sanitizeArticleHtml } from './sanitize';
export { settingsEventData } from './settings';
