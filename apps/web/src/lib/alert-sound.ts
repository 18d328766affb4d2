import { alarmTones, type AlarmTone } from './alarm-ledger';
import { STORAGE_KEYS, readString, writeString } from './storage-keys';
import { createStore, useStore } from './store';

/**
 * The alert sound of an open Vigil page: a short alarm synthesised with the Web Audio API (no media file), played when
 * a new elopement alert comes or one escalates, on whatever page is open. Browsers let a page make sound only after a
 * person touched it: turning the sound on is that gesture, and after a reload the first tap or key press on the page is.
 */

/** off; on and able to play; on but the browser holds sound until the next tap or key press on this page. */
export type AlertSoundState = 'off' | 'on' | 'waiting-for-gesture';

export const ALERT_SOUND_TEXTS = {
  label: 'Sound',
  description: 'Play an alarm on this device when an elopement alert comes in or escalates, on any page of Vigil that is open.',
  waiting: 'The browser holds the sound until you tap or press a key on this page.',
  unsupported: 'This browser cannot play the alert sound (no Web Audio).',
} as const;

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.AudioContext ?? (window as Window & { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
}

let context: AudioContext | null = null;

const enabledStore = createStore(readString(STORAGE_KEYS.alertSound) === 'on');
const runningStore = createStore(false);

function watchContext(ctx: AudioContext): void {
  runningStore.set(ctx.state === 'running');
  ctx.onstatechange = () => runningStore.set(ctx.state === 'running');
}

/** Creates or resumes the audio context: from a gesture this unlocks sound for the page's lifetime. */
async function unlock(): Promise<void> {
  const Ctor = audioContextClass();
  if (!Ctor) return;
  if (!context) {
    context = new Ctor();
    watchContext(context);
  }
  if (context.state === 'suspended') await context.resume().catch(() => undefined);
  runningStore.set(context.state === 'running');
}

function schedule(ctx: AudioContext, tones: AlarmTone[], volume: number): void {
  const start = ctx.currentTime + 0.02;
  for (const tone of tones) {
    const at = start + tone.at;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = tone.frequency;
    // A few ms of attack and release: no clicks.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(volume, at + 0.01);
    gain.gain.setValueAtTime(volume, at + tone.duration - 0.02);
    gain.gain.linearRampToValueAtTime(0, at + tone.duration);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + tone.duration + 0.01);
  }
}

/** Plays the alarm if the sound is on and the browser lets this page make sound; returns whether it played. */
export function playAlarm(): boolean {
  if (!enabledStore.get() || !context) return false;
  if (context.state !== 'running') {
    void context.resume().catch(() => undefined);
    if ((context.state as AudioContextState) !== 'running') return false;
  }
  schedule(context, alarmTones(), 0.25);
  return true;
}

/** The switch: on stores it for this device, unlocks sound (this is the gesture) and plays one quiet pair as a sample. */
export async function setAlertSound(on: boolean): Promise<void> {
  writeString(STORAGE_KEYS.alertSound, on ? 'on' : null);
  enabledStore.set(on);
  if (!on) {
    // Off lets the audio device go; on again makes a new context from that gesture.
    void context?.close().catch(() => undefined);
    context = null;
    runningStore.set(false);
    return;
  }
  await unlock();
  if (context?.state === 'running') schedule(context, alarmTones().slice(0, 2), 0.12);
}

export function alertSoundSupported(): boolean {
  return audioContextClass() !== undefined;
}

export function useAlertSoundState(): AlertSoundState {
  const enabled = useStore(enabledStore);
  const running = useStore(runningStore);
  if (!enabled) return 'off';
  return running ? 'on' : 'waiting-for-gesture';
}

/** With the sound on, the page's first tap or key press unlocks it (a reload forgets the last one). */
export function installAlertSoundUnlock(): void {
  if (typeof document === 'undefined') return;
  const onGesture = () => {
    if (!enabledStore.get()) return;
    void unlock().then(() => {
      if (context?.state !== 'running') return;
      document.removeEventListener('pointerdown', onGesture, true);
      document.removeEventListener('keydown', onGesture, true);
    });
  };
  document.addEventListener('pointerdown', onGesture, true);
  document.addEventListener('keydown', onGesture, true);
}
