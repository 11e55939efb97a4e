/** The dashboard's paths of the acquirer connections, written once (the routes are app/router.tsx's). */
export const connectionsPath = '/credentials';
export const newConnectionPath = '/credentials/new';
export const connectionPath = (id: string) => `/credentials/${encodeURIComponent(id)}`;
