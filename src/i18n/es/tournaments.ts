/** Textos en español de los torneos (ver src/i18n/en/tournaments.ts). */
export const tournaments = {
  threadName: (name: string, round: number, table: number) => `${name} · ronda ${round} · mesa ${table}`,
  board: {
    noShow: (name: string) => `🚫 ${name} no se presentó y pierde por incomparecencia; su asiento juega en automático.`,
    roundOver: '⌛ Terminó la ronda: cada jugada que faltaba la jugó el reloj, como cuando se acaba el tiempo.',
  },
};
