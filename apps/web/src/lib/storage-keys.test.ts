import { describe, expect, it } from 'vitest';
import { removeUserStorage } from './storage-keys';

function memoryStorage(entries: Record<string, string>) {
  const data = new Map(Object.entries(entries));
  return {
    data,
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('removeUserStorage', () => {
  it("removes the user's keys and every adal* key, and keeps the device's flag overrides and alert sound", () => {
    const storage = memoryStorage({
      authToken: 't',
      displayName: 'a@b.c',
      email: 'a@b.c',
      staff: 'true',
      currentDomain: 'd',
      currentCamera: 'c',
      entitlements: '{}',
      eventFilters: '{}',
      trainingFilters: '{}',
      pushDevice: '{"endpoint":"https://push.example/x","domains":{}}',
      alertSound: 'on',
      'adal.idtoken': 'x',
      adalNonce: 'y',
      featureFlags: '{"cameras_page":true}',
      unrelated: 'kept',
    });
    removeUserStorage(storage);
    expect([...storage.data.keys()].sort()).toEqual(['alertSound', 'featureFlags', 'unrelated']);
  });
});
