/** The site's icon: a domino standing up, 3 over 5, in the board's colours. */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect x="8" y="1" width="16" height="30" rx="3" fill="#fffdf7" stroke="#2b2a26" stroke-width="2"/>
<path d="M9 16h14" stroke="#2b2a26" stroke-width="1.5"/>
<g fill="#b91c1c"><circle cx="12" cy="5" r="1.8"/><circle cx="16" cy="8.5" r="1.8"/><circle cx="20" cy="12" r="1.8"/></g>
<g fill="#1d4ed8"><circle cx="12" cy="20" r="1.8"/><circle cx="20" cy="20" r="1.8"/><circle cx="16" cy="23.5" r="1.8"/><circle cx="12" cy="27" r="1.8"/><circle cx="20" cy="27" r="1.8"/></g>
</svg>
`;
