/** Spanish strings of watching a table (docs/watching.md). */
export const watch = {
  commands: {
    tableWatch: 'Mira la partida de este canal: una vista privada en vivo de su tablero público',
    spectators: 'Quién puede mirar: público (en vivo), con retraso (unas jugadas atrás) o nadie',
    spectatorDelay: 'Con espectadores con retraso: cuántas jugadas atrás van (1–30, por defecto 3)',
    watchersSeeHands: 'Si los espectadores ven todas las manos cuando termina la partida',
    adminSpectators: 'Por defecto en mesas nuevas: quién puede mirar (público, con retraso o nadie)',
    adminSpectatorDelay: 'Por defecto en mesas con retraso: jugadas atrás (1–30; 0 = volver a 3)',
    adminWatchersSeeHands: 'Por defecto en mesas nuevas: los espectadores ven las manos al final',
  },
  modes: { public: 'público (en vivo)', delayed: 'con retraso', off: 'nadie' } as Record<string, string>,
  seeHands: { off: 'no', 'after-the-end': 'al terminar' } as Record<string, string>,

  lobbyLine: (mode: string, delay: number, hands: boolean) =>
    `👁 Espectadores: ${mode === 'off' ? 'ninguno (no se puede mirar)' : mode === 'delayed' ? `${delay} jugada${delay === 1 ? '' : 's'} por detrás` : 'en vivo'}${hands && mode !== 'off' ? ', todas las manos al terminar' : ''}`,
  adminLine: (mode: string, delay: number | null, hands: string) => `• Espectadores de mesas nuevas: **${mode}**${delay === null ? '' : ` (${delay} jugadas por detrás)`}; todas las manos al terminar: **${hands}**`,
  adminHelp: 'Espectadores: `espectadores:` público, con retraso o nadie, `retraso-espectadores:` jugadas por detrás, `espectadores-ven-manos:`; quien abre una mesa puede elegir otra cosa en `/<juego> nueva`.',
  watchButton: '👀 Mirar',
  watchingButton: (count: number) => `👁 ${count} mirando`,

  title: (emoji: string, game: string, tableId: number) => `👁 Mirando · ${emoji} ${game} · mesa #${tableId}`,
  where: (channel: string) => `Se juega en ${channel}.`,
  live: 'En vivo: ves el tablero público tal como está, actualizado tras cada jugada.',
  delayed: (moves: number) => `Mesa con retraso: ves el tablero público **${moves} jugada${moves === 1 ? '' : 's'} por detrás** de los jugadores (se actualiza mientras juegan).`,
  atMove: (step: number) => (step === 0 ? '**El reparto**: nadie ha jugado todavía.' : `**Tras la jugada ${step}**`),
  over: 'La partida terminó.',
  stopped: 'Esta partida se detuvo antes de terminar.',
  handsShown: 'Se muestran todas las manos porque la partida terminó (esta mesa deja que los espectadores las vean).',
  movesHeading: (count: number) => `**Jugadas hasta ahora** (${count})`,
  noMoves: 'Todavía no hay jugadas.',
  earlier: (count: number) => `-# … ${count} jugada${count === 1 ? '' : 's'} anterior${count === 1 ? '' : 'es'} (Revisar muestra todas cuando termine la partida).`,
  moveLine: (step: number, name: string, mark: string, lines: string) => (lines ? `${step}. ${lines}${mark ? ` *(${mark.trim()})*` : ''}` : `${step}. **${name}** jugó${mark}.`),
  expires: '-# Esta vista sigue la partida durante 15 minutos; 🔄 Actualizar la recupera después.',
  refresh: '🔄 Actualizar',
  stop: '⏹ Dejar de mirar',
  stoppedWatching: 'Dejaste de mirar. 👀 Mirar en el tablero abre una vista nueva.',

  watchers: (names: string) => `👁 Mirando ahora: ${names}.`,
  nobody: '👁 Nadie está mirando esta mesa ahora mismo.',

  errors: {
    isPlayer: 'Juegas en esta mesa, así que no puedes mirarla: **Ver mi mano** abre tu propio panel.',
    off: 'En esta mesa no se puede mirar (lo eligió quien la abrió o el servidor).',
    notStarted: 'Esta mesa todavía no empezó: no hay nada que mirar. Únete, o vuelve cuando empiece.',
    noTable: 'Aquí no hay ninguna partida que mirar.',
  },
};
