import { useState } from 'react';
import { useHydrated } from '@/lib/ssr';
import { readAudioOnly, readDataSaver, rememberAudioOnly, rememberDataSaver } from './data-saver';

export interface PlaybackChoices {
  dataSaver: boolean;
  audioOnly: boolean;
  setDataSaver(on: boolean): void;
  setAudioOnly(on: boolean): void;
}

/**
 * The data saver and audio only as this device's viewer last chose them (localStorage), restored on
 * the next visit and handed to the player when it starts, so its first segment is already the chosen
 * one. The server's render and the hydrating one use the defaults (off: the server knows no device),
 * then the page shows the device's own choices without a hydration mismatch.
 */
export function usePlaybackChoices(): PlaybackChoices {
  const hydrated = useHydrated();
  const [own, setOwn] = useState<{ dataSaver?: boolean; audioOnly?: boolean }>({});
  return {
    dataSaver: own.dataSaver ?? (hydrated && readDataSaver()),
    audioOnly: own.audioOnly ?? (hydrated && readAudioOnly()),
    setDataSaver: (on) => {
      rememberDataSaver(on);
      setOwn((o) => ({ ...o, dataSaver: on }));
    },
    setAudioOnly: (on) => {
      rememberAudioOnly(on);
      setOwn((o) => ({ ...o, audioOnly: on }));
    },
  };
}
