/** The low-data switch (account menu, footer): its label and what it does. */
export const lowDataText = {
  label: 'Mode économie de données',
  hint: 'Images plus légères, rien ne démarre tout seul, vidéos en basse qualité.',
} as const;
