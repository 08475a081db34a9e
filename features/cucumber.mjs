// One set of business rules, run against two wirings (STYLE.md, after cucumber/screenplay.js):
// `default` calls the use cases directly; `http` drives the API as the web app does.
// `postgres` runs the scenarios about requests arriving at the same moment (@concurrency) once more, over
// HTTP, with the product on the PostgreSQL server of TEST_DATABASE_URL (a fresh database, dropped after).
const common = {
  paths: ['features/**/*.feature'],
  import: ['features/support/**/*.ts', 'features/steps/**/*.ts'],
  format: ['progress'],
};

export default { ...common, worldParameters: { wiring: 'use-cases' } };
export const http = { ...common, worldParameters: { wiring: 'http' } };
export const postgres = { ...common, tags: '@concurrency', worldParameters: { wiring: 'http', database: 'server' } };
