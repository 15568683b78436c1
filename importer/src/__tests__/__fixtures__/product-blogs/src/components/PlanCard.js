import React from 'react'

export default function PlanCard({name, price, children}) {
  return (
    <section className="plan-card">
      <h3>{name}</h3>
      <p className="plan-card__price">{price}</p>
      {children}
    </section>
  )
}
