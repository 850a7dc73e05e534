/** English strings of the phantom game (rules help, board, panel, errors). */
export const phantom = {} as const;
