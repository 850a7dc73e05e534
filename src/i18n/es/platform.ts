/**
 * Palabras sobre Discord mismo (docs/discord-conformance.md): `/admin check`, el informe de lo que
 * el bot puede hacer en un canal y de si sus partes funcionan.
 */
export const platform = {
  /** Debajo de un tablero de texto dibujado porque el bot no puede adjuntar archivos en el canal. */
  noFilesNote: '📝 Tablero de texto: no puedo adjuntar archivos en este canal, así que la imagen se omite. Un administrador del servidor puede permitir **Adjuntar archivos** (`/admin revisar` muestra lo que falta).',
  /** Dicho en privado al anfitrión, una vez, cuando el tablero pasó a texto. */
  noFilesHost: (tableId: number) =>
    `📝 Mesa #${tableId}: ya no puedo adjuntar archivos en este canal, así que su tablero se muestra como texto desde ahora. Pide a un administrador del servidor que permita **Adjuntar archivos** al rol Red Herring (\`/admin revisar\` muestra lo que falta).`,
  /** Dicho en privado al anfitrión, una vez, cuando el bot ya no puede publicar ni editar el tablero en el canal de la mesa. */
  blockedHost: (tableId: number) =>
    `⚠️ Mesa #${tableId}: ya no puedo publicar ni editar mensajes en este canal, así que su tablero se queda como está. Las jugadas siguen contando (tu mano muestra la partida). Pide a un administrador del servidor que dé al rol Red Herring **Ver canal**, **Enviar mensajes** e **Insertar enlaces** aquí (\`/admin revisar\` muestra lo que falta); el tablero vuelve solo.`,
  check: {
    title: (channel: string) => `🩺 **Revisión de Red Herring** para ${channel}`,
    kinds: {
      text: 'un canal de texto',
      voice: 'el chat de texto de un canal de voz',
      announcement: 'un canal de anuncios',
      thread: 'un hilo',
      privateThread: 'un hilo privado',
      forumPost: 'una publicación de un foro',
      other: 'un canal donde no pueden jugarse mesas',
    } as Record<string, string>,
    kindLine: (kind: string) => `Esto es ${kind}.`,
    permissionsHead: '**Lo que una mesa necesita aquí**',
    permissionOk: (name: string) => `✅ ${name}`,
    permissionMissing: (name: string, why: string) => `❌ **${name}** — ${why}`,
    why: {
      ViewChannel: 'no puedo ver este canal.',
      SendMessages: 'no puedo publicar el tablero ni los avisos de turno (y sin este permiso Discord ignora también Insertar enlaces y Adjuntar archivos).',
      SendMessagesInThreads: 'no puedo publicar el tablero ni los avisos de turno en un hilo (Enviar mensajes no cuenta en los hilos).',
      EmbedLinks: 'los tableros de texto no pueden mostrarse.',
      AttachFiles: 'no puedo publicar las imágenes del tablero: los tableros pasan a texto.',
    } as Record<string, string>,
    impliedBySend: (name: string) => `(permitido, pero Discord lo ignora sin ${name})`,
    fixChannel: 'Para arreglarlo: Editar canal → Permisos → el rol **Red Herring** → permite lo que falta (o permíteselo al rol en Ajustes del servidor → Roles).',
    fixThread: 'Para arreglarlo: los hilos usan los permisos de su canal padre — Editar canal en el padre → Permisos → el rol **Red Herring** → permite lo que falta.',
    allPermissions: 'Todo lo que una mesa necesita está permitido aquí.',
    threadsHead: '**Para mesas con `hilo:` y torneos** (un hilo por mesa, abierto desde este canal)',
    /** Por qué hace falta cada permiso de las mesas en su propio hilo (por la clave del nombre inglés del permiso en Discord). */
    whyThreads: {
      CreatePublicThreads: '`/<juego> nueva hilo:` y los torneos no pueden abrir sus hilos aquí (las mesas jugadas en este mismo canal no se ven afectadas).',
      SendMessagesInThreads: 'no puedo publicar los tableros ni los avisos de turno en los hilos abiertos aquí.',
    } as Record<string, string>,
    allThreadPermissions: 'Aquí pueden abrirse mesas en su propio hilo y torneos.',
    archived: '🗄️ Este hilo está archivado: enviar un mensaje lo desarchiva, y el bot lo hace antes de actualizar un tablero.',
    locked: '🔒 Este hilo está bloqueado: el bot no puede publicar ni actualizar un tablero aquí (necesitaría Gestionar hilos). Desbloquéalo o usa otro canal.',
    commandsHead: '**Comandos**',
    commandsOk: (count: number, scope: string) => `✅ los ${count} comandos están registrados ${scope}.`,
    commandsMissing: (missing: string, scope: string) => `❌ sin registrar ${scope}: ${missing}. Reinicia el bot o ejecuta \`npm run deploy-commands\`.`,
    commandsUnknown: (reason: string) => `⚠️ Discord no dijo qué comandos están registrados (${reason}).`,
    scopeGlobal: 'globalmente',
    scopeGuild: 'en este servidor',
    databaseHead: '**Base de datos**',
    databaseOk: (ms: number) => `✅ respondió en ${ms} ms.`,
    databaseFailed: (reason: string) => `❌ no respondió (${reason}): las jugadas no pueden guardarse. Revisa el servidor de base de datos y los registros del bot.`,
    picturesHead: '**Imágenes**',
    picturesOk: (ms: number) => `✅ se dibujó una imagen de prueba en ${ms} ms.`,
    picturesText: '📝 Este servidor muestra tableros de texto (`/admin ajustes tableros-de-texto`); cada jugador puede seguir eligiendo imágenes para su propia mano.',
    picturesFailed: (reason: string) => `❌ la imagen de prueba falló (${reason}): los tableros y las manos pasan a texto.`,
    budgetHead: '**Cupo de peticiones a Discord**',
    budgetShare: (perSecond: number, share: string) =>
      `Este proceso gasta como mucho **${perSecond}** de las 50 peticiones por segundo que Discord permite al bot (REST_GLOBAL_SHARE=${share}).`,
    budgetSharedProxy: (url: string) =>
      `Las peticiones pasan por el proxy REST en ${url} (DISCORD_REST_PROXY), que guarda el único cupo para todas las máquinas del bot: cada una puede enviar hasta 50 por segundo, y el proxy deja pasar como mucho 50 por segundo entre todas.`,
    budgetProxy: (url: string) => `Las peticiones pasan por ${url} (DISCORD_API_URL): con un proxy compartido, este guarda el único cupo para todos los procesos del bot.`,
    failedReason: {
      timeout: 'sin respuesta a tiempo',
    } as Record<string, string>,
  },
} as const;
