/** The 'Hors ligne' strip under the header. */
export const offlineText = {
  title: 'Hors ligne',
  explanation: 'Vous consultez la dernière version enregistrée.',
} as const;
