/** English strings of the suspicion game (rules help, board, panel, errors). */
export const suspicion = {} as const;
