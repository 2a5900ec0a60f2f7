// The app's production server build, which scripts/build-server.mjs bundles into the portal
// process under this name (its type is React Router's `ServerBuild`).
declare module '#app-server-build';
