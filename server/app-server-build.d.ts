// The app's production server build. scripts/build-server.mjs bundles it into the portal
// process under this name; a process built with `--dev` and started in production mode finds
// it through package.json's "imports" instead. Its type is React Router's `ServerBuild`.
declare module '#app-server-build';
