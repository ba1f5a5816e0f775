import { LitElement, html, css } from 'lit';
import { JsonRpc } from 'jsonrpc';

/** The live tool sessions and what each has observed (the read-before-write state). */
export class QwcToolFsSessions extends LitElement {
    jsonRpc = new JsonRpc(this);

    static properties = { _sessions: { state: true } };

    static styles = css`
        :host { display: block; padding: 0 1em; }
        table { border-collapse: collapse; width: 100%; }
        td, th { text-align: left; padding: .25em .5em; border-bottom: 1px solid var(--lumo-contrast-10pct); vertical-align: top; }
        code { font-size: var(--lumo-font-size-s); }
    `;

    connectedCallback() {
        super.connectedCallback();
        this._refresh();
    }

    _refresh() {
        this.jsonRpc.getSessions().then(response => { this._sessions = response.result; });
    }

    render() {
        if (!this._sessions) {
            return html`<p>Loading…</p>`;
        }
        return html`
            <p><button @click=${() => this._refresh()}>Refresh</button> ${this._sessions.length} session(s)</p>
            <table>
                <tr><th>Session</th><th>Folder</th><th>Model</th><th>Observed</th></tr>
                ${this._sessions.map(s => html`
                    <tr>
                        <td>${s.id}</td>
                        <td><code>${s.cwd}</code></td>
                        <td>${s.model}</td>
                        <td>${Object.entries(s.observed).map(([path, version]) =>
                            html`<div><code>${path}</code>: ${version}</div>`)}</td>
                    </tr>`)}
            </table>`;
    }
}
customElements.define('qwc-tool-fs-sessions', QwcToolFsSessions);
