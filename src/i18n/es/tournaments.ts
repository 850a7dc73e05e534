/** Textos en español de los torneos (ver src/i18n/en/tournaments.ts). */
export const tournaments = {
  commands: {
    adminRole: 'Los miembros con este rol pueden organizar torneos (además de Gestionar servidor)',
    resetRole: 'organizadores de torneos: solo Gestionar servidor',
  },
  threadName: (name: string, round: number, table: number) => `${name} · ronda ${round} · mesa ${table}`,
  organisersLine: (roleId: string | null) => `• Organizan torneos: ${roleId ? `los miembros con <@&${roleId}> y` : 'los miembros con'} **Gestionar servidor**`,
  organisersHelp: 'Torneos: `tournament-role:@rol` deja que un rol los organice además de Gestionar servidor; `reset:tournament-role` lo quita.',
  board: {
    noShow: (name: string) => `🚫 ${name} no se presentó y pierde por incomparecencia; su asiento juega en automático.`,
    roundOver: '⌛ Terminó la ronda: cada jugada que faltaba la jugó el reloj, como cuando se acaba el tiempo.',
  },
};
