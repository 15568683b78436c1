/**
 * The input of short translated labels (`localeString`, `localeText`): one row per locale of the
 * site settings, default locale first, so that editors see at a glance which translations a label
 * lacks. Values are stored as `{_key: <locale>, language, value}` items; clearing a row removes it.
 */
import type {LocaleTable} from '@site/schemas/model'
import {Badge, Button, Card, Flex, Stack, Text, TextArea, TextInput} from '@sanity/ui'
import type {ChangeEvent} from 'react'
import {type ArrayOfObjectsInputProps, insert, PatchEvent, set, setIfMissing, unset, useClient} from 'sanity'
import {fetchLocaleTable} from '../locales'
import {useLoaded} from '../use-loaded'
import {SANITY_API_VERSION} from '@site/schemas/model'

const API_VERSION = SANITY_API_VERSION

interface StoredValue {
  _key: string
  _type?: string
  language?: string
  value?: string
}

export function LocalizedLabelInput(props: ArrayOfObjectsInputProps) {
  const client = useClient({apiVersion: API_VERSION})
  const locales = useLoaded(() => fetchLocaleTable((query, params) => client.fetch(query, params ?? {})), [client])

  if (locales.state === 'failed')
    return (
      <Card padding={3} tone="critical">
        <Text size={1}>Could not read the site’s locales: {locales.error}</Text>
      </Card>
    )
  if (locales.state === 'loading') return props.renderDefault(props)
  const table: LocaleTable = locales.value

  const stored = (props.value ?? []) as StoredValue[]
  const itemType = props.schemaType.of[0]?.name ?? 'localeStringValue'
  const multiline = itemType === 'localeTextValue'
  const valueOf = (language: string) => stored.find((item) => item.language === language)

  const change = (language: string, text: string) => {
    const existing = valueOf(language)
    if (text === '') {
      if (existing) props.onChange(PatchEvent.from(unset([{_key: existing._key}])))
      return
    }
    if (existing) {
      props.onChange(PatchEvent.from(set(text, [{_key: existing._key}, 'value'])))
      return
    }
    props.onChange(PatchEvent.from([setIfMissing([]), insert([{_key: language, _type: itemType, language, value: text}], 'after', [-1])]))
  }

  const known = new Set(table.locales.map((entry) => entry.code))
  const strays = stored.filter((item) => !item.language || !known.has(item.language))
  return (
    <Stack gap={2}>
      {table.locales.map((entry) => {
        const current = valueOf(entry.code)?.value ?? ''
        const isDefault = entry.code === table.defaultLocale
        const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(entry.code, event.currentTarget.value)
        return (
          <Flex key={entry.code} gap={2} align={multiline ? 'flex-start' : 'center'}>
            <Flex style={{width: '11em', flex: 'none'}} gap={1} align="center">
              <Text size={1} weight={isDefault ? 'semibold' : 'regular'}>
                {entry.label}
              </Text>
              {isDefault ? <Badge fontSize={0}>default</Badge> : null}
            </Flex>
            <div style={{flex: 1}}>
              {multiline ? (
                <TextArea
                  rows={2}
                  value={current}
                  onChange={onChange}
                  readOnly={props.readOnly}
                  aria-label={`${props.schemaType.title ?? 'Label'} (${entry.label})`}
                />
              ) : (
                <TextInput value={current} onChange={onChange} readOnly={props.readOnly} aria-label={`${props.schemaType.title ?? 'Label'} (${entry.label})`} />
              )}
            </div>
          </Flex>
        )
      })}
      {strays.map((item) => (
        <Card key={item._key} padding={2} tone="caution" radius={2}>
          <Flex gap={2} align="center">
            <Text size={1} style={{flex: 1}}>
              {item.language ?? '(no language)'} is not a locale of the site settings: “{item.value ?? ''}”
            </Text>
            <Button
              mode="ghost"
              text="Remove"
              fontSize={1}
              disabled={props.readOnly}
              onClick={() => props.onChange(PatchEvent.from(unset([{_key: item._key}])))}
            />
          </Flex>
        </Card>
      ))}
    </Stack>
  )
}
