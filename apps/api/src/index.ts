export { buildApp, type AppOptions } from './app.ts';
export { buildAppFor, publicConfigOf, startServer, webDistDir } from './server.ts';
