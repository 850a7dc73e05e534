/**
 * The list of games the bot hosts. The table service and the command layer look games up
 * here; tests may build a registry with their own modules.
 */
import type { GameModule } from './module.js';

/** Games by id, in the order they are listed to players. */
export class GameRegistry {
  private readonly byId = new Map<string, GameModule>();

  constructor(readonly modules: GameModule[]) {
    for (const m of modules) {
      if (this.byId.has(m.id)) throw new Error(`duplicate game id ${m.id}`);
      this.byId.set(m.id, m);
    }
  }

  /** The module of game `id`; throws for an unknown id (a programming or data error). */
  get(id: string): GameModule {
    const m = this.byId.get(id);
    if (!m) throw new Error(`unknown game ${id}`);
    return m;
  }

  /** The module of game `id`, or undefined. */
  find(id: string): GameModule | undefined {
    return this.byId.get(id);
  }

  /** Ids of every registered game. */
  ids(): string[] {
    return this.modules.map((m) => m.id);
  }
}
