/** Adding Guess to the bot is this one line: the list of games, plus the new module. */
import { GAME_MODULES } from '../../../src/games/index.js';
import { GameRegistry } from '../../../src/games/registry.js';
import { guessModule } from './index.js';

export const gamesWithGuess = () => new GameRegistry([...GAME_MODULES, guessModule]);
