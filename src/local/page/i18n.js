// @ts-check
/**
 * The local-play page's own words (not the bot's: those come from the bot in each message),
 * by the simulated user's Discord client language. English is complete and the fallback;
 * another language is one more object with the same keys (README → Local play).
 */

/** @typedef {Record<string, string>} PageCatalog */

/** @type {PageCatalog} */
const en = {
  textChannels: 'Text channels',
  addChannel: 'Add a channel',
  addChannelPlaceholder: 'new-channel',
  members: 'Members',
  addUser: 'Add a user',
  addUserPlaceholder: 'Name',
  youAre: 'You are',
  viewAs: 'Look through their eyes',
  owner: 'Server owner',
  manageServer: 'Manage Server',
  ownerHasAll: 'The owner has every permission.',
  language: 'Client language',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  activityTitle: 'Red Herring — Activity',
  activityClose: 'Close',
  activityPhone: '📱 Phone size',
  activityDesktop: '🖥️ Desktop size',
  authorizeTitle: 'Authorize Red Herring',
  authorizeText: 'Red Herring wants to know who you are (your username and avatar) to seat you at its table.',
  authorize: 'Authorize',
  close: 'Close',
  bot: 'APP',
  edited: '(edited)',
  onlyYou: 'Only you can see this',
  dismiss: 'Dismiss message',
  thinking: '{bot} is thinking…',
  usedCommand: 'used',
  interactionFailed: 'This interaction failed',
  noResponse: 'The application did not respond',
  messagePlaceholder: 'Message #{channel}',
  noCommands: 'No commands match',
  commandsOf: 'Commands of {bot}',
  required: 'required',
  optionRequired: '{option}: this option is required',
  notInteger: '{option}: enter a whole number',
  notNumber: '{option}: enter a number',
  notBoolean: '{option}: choose True or False',
  tooSmall: '{option}: must be at least {min}',
  tooBig: '{option}: must be at most {max}',
  tooShort: '{option}: needs at least {min} characters',
  tooLong: '{option}: allows at most {max} characters',
  notChoice: '{option}: choose one of {choices}',
  unknownOption: '/{command} has no option “{option}”. Its options: {options}',
  noOptions: '/{command} takes no options',
  needSubcommand: 'Choose one of: {choices}',
  unknownSubcommand: '/{command} has no “{sub}”. Choose one of: {choices}',
  unknownMember: '{option}: no member called “{value}”',
  unknownChannel: '{option}: no channel called “{value}”',
  unsupportedType: '{option}: this kind of option cannot be typed here',
  duplicateOption: '{option} is given twice',
  botOffline: '{bot} is offline — it will answer once it is back.',
  reconnecting: 'Connection to the local server lost — reconnecting…',
  bannerTitle: 'Discord would refuse this request from the bot',
  dismissBanner: 'Dismiss',
  today: 'Today at {time}',
  yesterday: 'Yesterday at {time}',
  selectPlaceholder: 'Make a selection',
  submit: 'Submit',
  pingsBadge: '{count} unread mentions',
  channels: 'Channels',
  failedRequest: 'Request failed: {error}',
  jumpToPresent: 'Jump to present',
  modalRequired: 'This field is required',
  welcomeTitle: 'Welcome to Red Herring',
  welcomeCommands: 'Type / in the message box below for the bot’s commands; /help explains the four games.',
  welcomeLearn: 'New to a game? Learn it in five minutes, privately, by playing a guided game:',
  welcomeLearnSuspicion: '🎓 Learn Suspicion',
  welcomeLearnNoir: '🎓 Learn NOIR',
  welcomeLearnPhantom: '🎓 Learn Tricks and the Phantom',
  welcomeLearnJaccuse: '🎓 Learn J’Accuse!',
  welcomeLearnCommand: '/{game} learn',
  welcomeBots: 'Alone? Play right now against bots:',
  welcomePlay: '🔎 Suspicion · 4 players',
  welcomeCommand: '/suspicion new seats:4 bots:3',
  welcomePlayNoir: '🔪 NOIR · 2 players',
  welcomeCommandNoir: '/noir new bots:1',
  welcomePlayPhantom: '👻 Tricks and the Phantom · 3 players',
  welcomeCommandPhantom: '/phantom new seats:3 bots:2',
  welcomePlayJaccuse: '🫵 J’Accuse! · 4 players',
  welcomeCommandJaccuse: '/jaccuse new seats:4 bots:3',
  welcomeNote: 'Each button sends the command it names as if you typed it (e.g. {command}: you and three bots); then click Start on the lobby. Friends join with Join; the name menu at the top right (“You are”) switches whose eyes you look through.',
  welcomeLanguage: 'Client language: {language} (your first browser’s, unless you chose another). To change it, click your name in the member list.',
  botRestarting: 'The bot is restarting: your click did not reach it. It is sent again as soon as the bot is back.',
  botRestartingCommand: 'The bot is restarting: your command was not sent. Send it again in a moment.',
  botPermissionsIn: 'Its permissions in #{channel} (what the invite grants):',
  botPermissionsNote: 'Switch one off to see what a server admin would see: without Attach Files the boards are text; without Send Messages nothing is posted here.',
};

/** @type {PageCatalog} The page's own words in neutral Spanish (both es-ES and es-419). */
const es = {
  textChannels: 'Canales de texto',
  addChannel: 'Añadir un canal',
  addChannelPlaceholder: 'canal-nuevo',
  members: 'Miembros',
  addUser: 'Añadir un usuario',
  addUserPlaceholder: 'Nombre',
  youAre: 'Eres',
  viewAs: 'Ver con sus ojos',
  owner: 'Propietario del servidor',
  manageServer: 'Gestionar servidor',
  ownerHasAll: 'El propietario tiene todos los permisos.',
  language: 'Idioma del cliente',
  rename: 'Cambiar nombre',
  save: 'Guardar',
  cancel: 'Cancelar',
  activityTitle: 'Red Herring — Actividad',
  activityClose: 'Cerrar',
  activityPhone: '📱 Tamaño móvil',
  activityDesktop: '🖥️ Tamaño escritorio',
  authorizeTitle: 'Autorizar a Red Herring',
  authorizeText: 'Red Herring quiere saber quién eres (tu nombre de usuario y avatar) para sentarte a su mesa.',
  authorize: 'Autorizar',
  close: 'Cerrar',
  bot: 'APP',
  edited: '(editado)',
  onlyYou: 'Solo tú puedes ver esto',
  dismiss: 'Ocultar mensaje',
  thinking: '{bot} está pensando…',
  usedCommand: 'usó',
  interactionFailed: 'Esta interacción falló',
  noResponse: 'La aplicación no respondió',
  messagePlaceholder: 'Enviar mensaje a #{channel}',
  noCommands: 'Ningún comando coincide',
  commandsOf: 'Comandos de {bot}',
  required: 'obligatorio',
  optionRequired: '{option}: esta opción es obligatoria',
  notInteger: '{option}: escribe un número entero',
  notNumber: '{option}: escribe un número',
  notBoolean: '{option}: elige True o False',
  tooSmall: '{option}: debe ser al menos {min}',
  tooBig: '{option}: debe ser como mucho {max}',
  tooShort: '{option}: necesita al menos {min} caracteres',
  tooLong: '{option}: admite como mucho {max} caracteres',
  notChoice: '{option}: elige una de estas opciones: {choices}',
  unknownOption: '/{command} no tiene la opción «{option}». Sus opciones: {options}',
  noOptions: '/{command} no tiene opciones',
  needSubcommand: 'Elige una de: {choices}',
  unknownSubcommand: '/{command} no tiene «{sub}». Elige una de: {choices}',
  unknownMember: '{option}: no hay ningún miembro llamado «{value}»',
  unknownChannel: '{option}: no hay ningún canal llamado «{value}»',
  unsupportedType: '{option}: este tipo de opción no se puede escribir aquí',
  duplicateOption: '{option} aparece dos veces',
  botOffline: '{bot} está desconectado: responderá cuando vuelva.',
  reconnecting: 'Se perdió la conexión con el servidor local: reconectando…',
  bannerTitle: 'Discord rechazaría esta petición del bot',
  dismissBanner: 'Cerrar',
  today: 'Hoy a las {time}',
  yesterday: 'Ayer a las {time}',
  selectPlaceholder: 'Elige una opción',
  submit: 'Enviar',
  pingsBadge: '{count} menciones sin leer',
  channels: 'Canales',
  failedRequest: 'La petición falló: {error}',
  jumpToPresent: 'Ir al presente',
  modalRequired: 'Este campo es obligatorio',
  welcomeTitle: 'Te damos la bienvenida a Red Herring',
  welcomeCommands: 'Escribe / en el cuadro de mensaje de abajo para ver los comandos del bot; /ayuda explica los cuatro juegos.',
  welcomeLearn: '¿Un juego nuevo para ti? Apréndelo en cinco minutos, en privado, jugando una partida guiada:',
  welcomeLearnSuspicion: '🎓 Aprende Suspicion',
  welcomeLearnNoir: '🎓 Aprende NOIR',
  welcomeLearnPhantom: '🎓 Aprende Tricks and the Phantom',
  welcomeLearnJaccuse: '🎓 Aprende J’Accuse!',
  welcomeLearnCommand: '/{game} aprender',
  welcomeBots: '¿Juegas sin compañía? Empieza ahora mismo contra bots:',
  welcomePlay: '🔎 Suspicion · 4 jugadores',
  welcomeCommand: '/suspicion nueva plazas:4 bots:3',
  welcomePlayNoir: '🔪 NOIR · 2 jugadores',
  welcomeCommandNoir: '/noir nueva bots:1',
  welcomePlayPhantom: '👻 Tricks and the Phantom · 3 jugadores',
  welcomeCommandPhantom: '/phantom nueva plazas:3 bots:2',
  welcomePlayJaccuse: '🫵 J’Accuse! · 4 jugadores',
  welcomeCommandJaccuse: '/jaccuse nueva plazas:4 bots:3',
  welcomeNote: 'Cada botón envía el comando que indica como si lo escribieras (p. ej. {command}: tú y tres bots); luego haz clic en Empezar en la sala. Tus amigos se unen con Unirme; el menú con tu nombre arriba a la derecha («Eres») cambia con los ojos de quién miras.',
  welcomeLanguage: 'Idioma del cliente: {language} (el de tu primer navegador, salvo que elijas otro). Para cambiarlo, haz clic en tu nombre en la lista de miembros.',
  botRestarting: 'El bot se está reiniciando: tu clic no le llegó. Se envía de nuevo en cuanto vuelva.',
  botRestartingCommand: 'El bot se está reiniciando: tu comando no se envió. Vuelve a enviarlo en un momento.',
  botPermissionsIn: 'Sus permisos en #{channel} (los que da la invitación):',
  botPermissionsNote: 'Desactiva uno para ver lo que vería un administrador del servidor: sin Adjuntar archivos los tableros son de texto; sin Enviar mensajes no se publica nada aquí.',
};

/** @type {Record<string, PageCatalog>} */
const catalogs = { 'en-US': en, 'en-GB': en, 'es-ES': es, 'es-419': es };

/** Language names for the client language picker (in their own language, as Discord lists them). */
export const LOCALE_NAMES = /** @type {Record<string, string>} */ ({
  id: 'Bahasa Indonesia', da: 'Dansk', de: 'Deutsch', 'en-GB': 'English, UK', 'en-US': 'English, US', 'es-ES': 'Español',
  'es-419': 'Español, LATAM', fr: 'Français', hr: 'Hrvatski', it: 'Italiano', lt: 'Lietuviškai', hu: 'Magyar', nl: 'Nederlands',
  no: 'Norsk', pl: 'Polski', 'pt-BR': 'Português do Brasil', ro: 'Română', fi: 'Suomi', 'sv-SE': 'Svenska', vi: 'Tiếng Việt',
  tr: 'Türkçe', cs: 'Čeština', el: 'Ελληνικά', bg: 'български', ru: 'Pусский', uk: 'Українська', hi: 'हिन्दी', th: 'ไทย',
  'zh-CN': '中文', ja: '日本語', 'zh-TW': '繁體中文', ko: '한국어',
});

/**
 * The page text `key` in `locale` (English when the language or key is missing), with
 * `{name}` placeholders filled from `params`.
 * @param {string | undefined} locale a Discord locale, e.g. 'en-US'
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(locale, key, params = {}) {
  const catalog = (locale && catalogs[locale]) || en;
  const text = catalog[key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_m, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/**
 * The Discord client language for a browser's preferred languages (`navigator.languages`,
 * BCP 47 tags, most preferred first), as Discord's client picks one from the system: the first
 * tag that names one of `supported` exactly or by its language — Spanish of Spain (or with no
 * region) es-ES and every other Spanish es-419, British-style English en-GB and other English
 * en-US, Portuguese pt-BR, Chinese of Taiwan, Hong Kong or Macau (or Hant) zh-TW and other
 * Chinese zh-CN, Norwegian Bokmål / Nynorsk `no`. Null when none matches.
 * @param {readonly string[]} languages
 * @param {readonly string[]} supported Discord locale codes
 * @returns {string | null}
 */
export function discordLocaleOf(languages, supported) {
  const has = (/** @type {string} */ code) => (supported.includes(code) ? code : null);
  for (const tag of languages) {
    const parts = tag.toLowerCase().split('-');
    const base = parts[0] ?? '';
    const region = parts.slice(1).find((p) => p.length === 2 || /^\d{3}$/.test(p)) ?? '';
    const exact = supported.find((code) => code.toLowerCase() === tag.toLowerCase());
    let found = exact ?? null;
    if (!found && base === 'es') found = has(region === '' || region === 'es' ? 'es-ES' : 'es-419');
    if (!found && base === 'en') found = has(['gb', 'ie', 'au', 'nz', 'in', 'za'].includes(region) ? 'en-GB' : 'en-US');
    if (!found && base === 'zh') found = has(['tw', 'hk', 'mo'].includes(region) || parts.includes('hant') ? 'zh-TW' : 'zh-CN');
    if (!found && (base === 'nb' || base === 'nn')) found = has('no');
    if (!found) found = supported.find((code) => code.toLowerCase().split('-')[0] === base) ?? null;
    if (found) return found;
  }
  return null;
}

/** Every key of the English catalog (tests check other catalogs against it). */
export const PAGE_TEXT_KEYS = Object.keys(en);

/** The page catalogs by Discord locale (tests check each has every English key). */
export const PAGE_CATALOGS = catalogs;
