/** Where the API's calls are answered. */
const API_CALLS = ['/apiw/', '/api/', '/admin/', '/launch-pool/', '/openapi.json', '/healthz'];
/** Files the server sends itself, beside the web app's (the coin icons). */
const SERVER_FILES = ['/static/'];

/** An address of an API call (a path, with or without its query). */
export function isApiCall(pathname: string): boolean {
  return API_CALLS.some((p) => pathname.startsWith(p));
}

/** An address the server answers itself: everything else is the web app's to route. */
export function isServerAddress(pathname: string): boolean {
  return isApiCall(pathname) || SERVER_FILES.some((p) => pathname.startsWith(p));
}
