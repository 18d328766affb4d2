/** The viewer's URL for a camera at a moment ('live' or a UTC timestamp): /view/:cameraId/:timestamp. */
export const viewerPath = (cameraId: string, moment: 'live' | string): string => `/view/${cameraId}/${moment}`;
