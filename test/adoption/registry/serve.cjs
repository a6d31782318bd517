// A local npm registry for the adoption suites: Verdaccio in its own process (the suites block on
// npm), its storage in the folder given as argv[2]. The framework's packages are served only from
// what is published to it; every other package is fetched from the registry npm is configured
// with (an uplink), as a user's install would. Prints `HTTP on http://localhost:<port>` when ready.
const path = require('node:path');
const { runServer } = require('verdaccio');

const [storage, upstream] = process.argv.slice(2);
const local = { access: '$all', publish: '$authenticated', unpublish: '$authenticated' };
const config = {
  self_path: path.join(storage, 'config.yaml'),
  storage: path.join(storage, 'packages'),
  auth: { htpasswd: { file: path.join(storage, 'htpasswd'), max_users: 10 } },
  uplinks: { upstream: { url: upstream, timeout: '60s', maxage: '30m' } },
  packages: {
    // Never merged with packages of the same names upstream: what the release published is what is installed.
    '@framework/*': local,
    'create-framework-app': local,
    '**': { access: '$all', publish: '$authenticated', proxy: 'upstream' },
  },
  // npm asks for audits and sends no other traffic; Verdaccio's own security advisories stay off.
  middlewares: { audit: { enabled: false } },
  log: { type: 'stdout', format: 'pretty', level: 'warn' },
  web: { enable: false },
  server: { keepAliveTimeout: 60 },
};

runServer(config).then((server) => {
  server.listen(0, '127.0.0.1', () => console.log(`HTTP on http://localhost:${server.address().port}`));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
});
