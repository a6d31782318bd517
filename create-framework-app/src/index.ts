export { createApp, type CreateAppOptions, type CreatedApp } from './create-app.js';
export { renderTemplate, type TemplateOptions } from './render.js';
