import type {SidebarsConfig} from '@docusaurus/plugin-content-docs'

export default {
  community: ['support', 'contributing'],
} satisfies SidebarsConfig
