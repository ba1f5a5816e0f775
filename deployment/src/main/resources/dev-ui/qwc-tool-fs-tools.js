import { LitElement, html, css } from 'lit';
import { tools } from 'build-time-data';

/** The catalog as the model sees it: names, descriptions, hints and the build-time JSON Schemas. */
export class QwcToolFsTools extends LitElement {
    static styles = css`
        :host { display: block; padding: 0 1em; }
        details { border-bottom: 1px solid var(--lumo-contrast-10pct); padding: .5em 0; }
        summary { cursor: pointer; font-weight: bold; }
        .hint { font-weight: normal; color: var(--lumo-secondary-text-color); margin-left: .5em; }
        pre { background: var(--lumo-contrast-5pct); padding: .5em; overflow: auto; }
    `;

    render() {
        return html`${tools.map(t => html`
            <details>
                <summary>${t.name}
                    <span class="hint">${t.readOnly ? 'read-only' : ''}${t.destructive ? 'destructive' : ''}</span>
                </summary>
                <p>${t.description}</p>
                <pre>${JSON.stringify(JSON.parse(t.inputSchema), null, 2)}</pre>
            </details>`)}`;
    }
}
customElements.define('qwc-tool-fs-tools', QwcToolFsTools);
