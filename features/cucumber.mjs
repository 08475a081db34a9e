// One set of business rules, run against several wirings (STYLE.md, after cucumber/screenplay.js):
// `default` calls the use cases directly; `http` drives the API as the web app does.
// `cli` runs the scenarios the command line offers (@cli) once more, the administrator typing `civicwatch`
// commands (their functions, called with the product's runtime) while the citizens use the use cases.
// `postgres` runs the scenarios about requests arriving at the same moment (@concurrency) once more, over
// HTTP, with the product on the PostgreSQL server of TEST_DATABASE_URL (a fresh database, dropped after).
//
// Tags that keep a scenario from a wiring where it would prove nothing or cannot be said:
// @http-only: who may administer; the API's guard decides it (the use cases trust their caller).
// @no-api-route: an administrator's action that only the command line (and its use case) offers.
const common = {
  paths: ['features/**/*.feature'],
  import: ['features/support/**/*.ts', 'features/steps/**/*.ts'],
  format: ['progress'],
};

export default { ...common, tags: 'not @http-only', worldParameters: { wiring: 'use-cases' } };
export const http = { ...common, tags: 'not @no-api-route', worldParameters: { wiring: 'http' } };
export const cli = { ...common, tags: '@cli and not @http-only', worldParameters: { wiring: 'cli' } };
export const postgres = { ...common, tags: '@concurrency', worldParameters: { wiring: 'http', database: 'server' } };
