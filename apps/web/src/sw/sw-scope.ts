/**
 * The parts of a service worker's global scope Vigil's worker uses. The web app's TypeScript program has the DOM
 * library, which lacks them; TypeScript's WebWorker library would clash with DOM in the one program (and put `clients`
 * and `importScripts` into every page's globals), so they are declared here for the worker alone.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}

export interface NotificationEvent extends ExtendableEvent {
  readonly action: string;
  readonly notification: Notification;
}

export interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

export interface WindowClientLike {
  readonly id: string;
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClientLike>;
  postMessage(message: unknown): void;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<WindowClientLike | null>;
}

/** What showNotification takes in a service worker (the DOM library's NotificationOptions lacks these). */
export interface NotificationAction {
  action: string;
  title: string;
}
export interface WorkerNotificationOptions extends NotificationOptions {
  actions?: NotificationAction[];
  renotify?: boolean;
  vibrate?: number[];
  timestamp?: number;
}

export interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: ClientsLike;
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'pushsubscriptionchange', listener: (event: PushSubscriptionChangeEvent) => void): void;
}
