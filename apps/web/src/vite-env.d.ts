/// <reference types="vite/client" />

// Build facts injected by vite.config.ts `define`.
declare const __VIGIL_GIT_BRANCH__: string;
declare const __VIGIL_GIT_COMMIT__: string;
declare const __VIGIL_BUILD_TIME__: string;
declare const __VIGIL_API_HOST__: string;
declare const __VIGIL_SOCKET_HOST__: string;
