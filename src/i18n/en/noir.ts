/** English strings of the noir game (rules help, board, panel, errors). */
export const noir = {} as const;
