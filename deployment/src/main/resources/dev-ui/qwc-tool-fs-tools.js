import { LitElement, html, css } from 'lit';
import { JsonRpc } from 'jsonrpc';

/**
 * The tools as the model is offered them: the enabled ones, their descriptions with the guidance, hints and JSON
 * Schemas (with the sandbox's arguments when the sandbox is on).
 */
export class QwcToolFsTools extends LitElement {
    jsonRpc = new JsonRpc(this);

    static properties = {
        _tools: { state: true },
        _failure: { state: true },
    };

    static styles = css`
        :host { display: block; padding: 0 1em; }
        details { border-bottom: 1px solid var(--lumo-contrast-10pct); padding: .5em 0; }
        summary { cursor: pointer; font-weight: bold; }
        .hint { font-weight: normal; color: var(--lumo-secondary-text-color); margin-left: .5em; }
        pre { background: var(--lumo-contrast-5pct); padding: .5em; overflow: auto; }
        p { white-space: pre-wrap; }
        .error { color: var(--lumo-error-text-color); }
    `;

    connectedCallback() {
        super.connectedCallback();
        this.jsonRpc.getTools()
            .then(response => { this._tools = response.result; })
            .catch(e => { this._failure = 'The tools could not be listed: ' + (e?.error?.message ?? e); });
    }

    render() {
        if (this._failure) {
            return html`<p class="error">${this._failure}</p>`;
        }
        if (!this._tools) {
            return html`<p>Loading…</p>`;
        }
        if (this._tools.length === 0) {
            return html`<p>No tool is enabled.</p>`;
        }
        return html`${this._tools.map(t => html`
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
