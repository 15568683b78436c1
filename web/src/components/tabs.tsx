'use client'
/**
 * Switches between server-rendered tab panels. Tabs sharing a group id follow each other in the
 * page and remember the reader's choice in localStorage.
 */
import {useEffect, useId, useState, type ReactNode} from 'react'

const GROUP_EVENT = 'site:tab-group'

interface TabsProps {
  groupId: string | null
  values: string[]
  labels: string[]
  defaultIndex: number
  children: ReactNode[]
}

export function Tabs({groupId, values, labels, defaultIndex, children}: TabsProps) {
  const [selected, setSelected] = useState(defaultIndex)
  const id = useId()

  useEffect(() => {
    if (!groupId) return
    const follow = (value: string | null) => {
      const index = value === null ? -1 : values.indexOf(value)
      if (index !== -1) setSelected(index)
    }
    follow(readStored(groupId))
    const onGroupChange = (event: Event) => {
      if (event instanceof CustomEvent && event.detail?.groupId === groupId) follow(String(event.detail.value))
    }
    // Other open pages of the site follow too: the stored choice changes under them.
    const onStorage = (event: StorageEvent) => {
      if (event.key === `tabs.${groupId}`) follow(event.newValue)
    }
    window.addEventListener(GROUP_EVENT, onGroupChange)
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener(GROUP_EVENT, onGroupChange)
      window.removeEventListener('storage', onStorage)
    }
  }, [groupId, values])

  const choose = (index: number) => {
    setSelected(index)
    const value = values[index]
    if (!groupId || value === undefined) return
    try {
      localStorage.setItem(`tabs.${groupId}`, value)
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
    window.dispatchEvent(new CustomEvent(GROUP_EVENT, {detail: {groupId, value}}))
  }

  return (
    <div className="tabs">
      <div role="tablist" className="tabs-list">
        {labels.map((label, index) => (
          <button
            key={values[index]}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            className="tabs-tab"
            onClick={() => choose(index)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
              const next = (selected + (event.key === 'ArrowRight' ? 1 : labels.length - 1)) % labels.length
              choose(next)
              document.getElementById(`${id}-tab-${next}`)?.focus()
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {children.map((panel, index) => (
        <div key={values[index]} role="tabpanel" id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} hidden={index !== selected} className="tabs-panel">
          {panel}
        </div>
      ))}
    </div>
  )
}

function readStored(groupId: string): string | null {
  try {
    return localStorage.getItem(`tabs.${groupId}`)
  } catch {
    return null
  }
}
