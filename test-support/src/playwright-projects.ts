/** The one Playwright project of every browser suite: a desktop Chrome profile in Debian's Chromium. */
import {devices, type Project} from '@playwright/test'
import {chromiumLaunchOptions} from './chromium'

export const chromiumProjects: Project[] = [{name: 'chromium', use: {...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions}}]
