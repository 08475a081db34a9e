// One set of business rules, run against two wirings (STYLE.md, after cucumber/screenplay.js):
// `default` calls the use cases directly; `http` drives the API as the web app does.
const common = {
  paths: ['features/**/*.feature'],
  import: ['features/support/**/*.ts', 'features/steps/**/*.ts'],
  format: ['progress'],
};

export default { ...common, worldParameters: { wiring: 'use-cases' } };
export const http = { ...common, worldParameters: { wiring: 'http' } };
