/** English strings shared by every game: lobby, table service, errors, commands. */
export const common = {} as const;
