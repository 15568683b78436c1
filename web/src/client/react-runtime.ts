/**
 * An entry that only names the React runtime, so that the bundler puts React, React DOM and the
 * scheduler in a chunk of their own, shared with the search island: its hash changes only with a
 * React upgrade, so browsers keep it cached across deploys of the site. Nothing loads this file.
 */
export {createRoot} from 'react-dom/client'
export {Component, createElement, useEffect, useMemo, useRef, useState} from 'react'
export {jsx, jsxs, Fragment} from 'react/jsx-runtime'
