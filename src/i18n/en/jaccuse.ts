/** English strings of the jaccuse game (rules help, board, panel, errors). */
export const jaccuse = {} as const;
