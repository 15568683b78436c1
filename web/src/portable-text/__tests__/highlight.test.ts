import {createHighlighter} from 'shiki'
import {CODE_LANGUAGES} from '@site/schemas'
import {describe, expect, it} from 'vitest'
import {CODE_THEMES, highlightCode} from '../highlight'

// One snippet per language content/ highlights, with the constructs whose grammars lean on
// Oniguruma-only syntax (lookbehinds, back-references, possessive quantifiers).
const SAMPLES: Array<[string, string]> = [
  [
    'js',
    "import {Server} from 'socket.io'\nconst io = new Server(3000, {cors: {origin: /\\.example\\.com$/}})\nio.on('connection', (socket) => socket.emit(`hello ${socket.id}`))\n",
  ],
  [
    'ts',
    'interface ServerToClientEvents {\n  noArg: () => void\n  withAck: (d: string, callback: (e: number) => void) => void\n}\nconst io = new Server<ServerToClientEvents>()\n',
  ],
  ['jsx', 'export function App() {\n  return <button onClick={() => socket.connect()}>Connect {count}</button>\n}\n'],
  ['bash', 'npm install socket.io@4 && echo "ok" | grep -E \'^o+k$\'\nexport DEBUG=socket.io:*\n'],
  ['shell', 'cat <<EOF > app.sh\nnode index.js\nEOF\n'],
  ['json', '{"dependencies": {"socket.io": "^4.8.1"}, "n": 1.5e3, "ok": true}\n'],
  ['yaml', 'services:\n  app:\n    image: "node:22"\n    ports: [3000]\n'],
  ['html', '<script src="/socket.io/socket.io.js"></script>\n<script>\n  const socket = io();\n</script>\n'],
  ['xml', '<?xml version="1.0"?>\n<dependency><groupId>io.socket</groupId></dependency>\n'],
  [
    'java',
    'Socket socket = IO.socket(URI.create("http://localhost"), IO.Options.builder().build());\nsocket.on("hello", args -> System.out.println(args[0]));\n',
  ],
  ['swift', 'let manager = SocketManager(socketURL: URL(string: "http://localhost:8080")!, config: [.log(true)])\n'],
  ['cpp', '#include <sio_client.h>\nint main() { sio::client h; h.connect("http://127.0.0.1:3000"); }\n'],
  ['css', '.chat > li:nth-child(2n+1)::before { content: "\\201C"; color: #333 !important; }\n'],
  ['nginx', 'location /socket.io/ {\n  proxy_set_header Upgrade $http_upgrade;\n  proxy_pass http://localhost:3000;\n}\n'],
  ['apache', '<VirtualHost *:80>\n  RewriteRule /(.*) ws://localhost:3000/$1 [P,L]\n</VirtualHost>\n'],
  ['ini', '[program:socket]\ncommand=node index.js ; comment\n'],
  ['http', 'GET /socket.io/?EIO=4&transport=polling HTTP/1.1\nHost: example.com\n'],
  ['vue', '<template><p>{{ connected }}</p></template>\n<script setup>\nimport {socket} from "@/socket"\n</script>\n'],
  // Two that imported Docusaurus sites use most beyond content/'s.
  ['powershell', 'iwr https://get.example.org/install.ps1 -useb | iex\n$env:PATH = "$HOME\\bin;" + $env:PATH # comment\n'],
  ['graphql', 'query Room($id: ID!) {\n  room(id: $id) { name members(first: 10) { id } }\n}\n'],
]

describe('code highlighting', () => {
  it("gives the same HTML as shiki's Oniguruma engine for every language the content uses", async () => {
    const oniguruma = await createHighlighter({themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: SAMPLES.map(([language]) => language)})
    for (const [language, code] of SAMPLES) {
      const expected = oniguruma.codeToHtml(code.replace(/\n$/, ''), {lang: language, themes: CODE_THEMES, defaultColor: false, tokenizeTimeLimit: 0})
      expect(await highlightCode(code, language), language).toBe(expected)
    }
    // Loading 20 grammars in two engines: about 10 s on a quiet machine, much more on a busy one.
  }, 240_000)

  it('highlights every language the studio offers (CODE_LANGUAGES), each grammar loading in the JavaScript engine', async () => {
    for (const language of CODE_LANGUAGES) {
      const html = await highlightCode('name = "value" # 1\n', language)
      expect(html, language).toMatch(/^<pre class="shiki shiki-themes /)
      if (language !== 'text') expect(html, language).toContain(`--shiki-light:`)
    }
  }, 240_000)

  it('answers a block seen before from memory, with the same HTML, and keys it by language and marked lines', async () => {
    const code = 'const a = 1\nconst b = 2\n'
    const first = await highlightCode(code, 'js', [2])
    expect(await highlightCode(code, 'js', [2])).toBe(first)
    expect(first).toContain('highlighted')
    expect(await highlightCode(code, 'js')).not.toContain('highlighted')
    expect(await highlightCode(code, 'text', [2])).not.toBe(first)
  })
})
