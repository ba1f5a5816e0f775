import { LitElement, html, css } from 'lit';
import { JsonRpc } from 'jsonrpc';
import { tools } from 'build-time-data';

/** Calls a tool exactly as a model would, and shows the model-facing text and the metadata. */
export class QwcToolFsCall extends LitElement {
    jsonRpc = new JsonRpc(this);

    static properties = {
        _tool: { state: true },
        _arguments: { state: true },
        _session: { state: true },
        _result: { state: true },
    };

    static styles = css`
        :host { display: flex; flex-direction: column; gap: .5em; padding: 0 1em; }
        textarea { font-family: monospace; min-height: 8em; }
        pre { background: var(--lumo-contrast-5pct); padding: .5em; white-space: pre-wrap; }
        .error { color: var(--lumo-error-text-color); }
    `;

    constructor() {
        super();
        this._tool = tools.length ? tools[0].name : '';
        this._arguments = '{\n  "file_path": ""\n}';
        this._session = 'devui';
    }

    render() {
        return html`
            <label>Tool
                <select @change=${e => { this._tool = e.target.value; }}>
                    ${tools.map(t => html`<option value=${t.name} ?selected=${t.name === this._tool}>${t.name}</option>`)}
                </select>
            </label>
            <label>Session <input .value=${this._session} @input=${e => { this._session = e.target.value; }}></label>
            <label>Arguments (JSON)</label>
            <textarea .value=${this._arguments} @input=${e => { this._arguments = e.target.value; }}></textarea>
            <div><button @click=${() => this._call()}>Call</button></div>
            ${this._result ? html`
                <pre class=${this._result.isError ? 'error' : ''}>${this._result.text}</pre>
                ${this._result.metadata ? html`<pre>${JSON.stringify(this._result.metadata, null, 2)}</pre>` : ''}` : ''}`;
    }

    _call() {
        this.jsonRpc.callTool({ tool: this._tool, arguments: this._arguments, session: this._session })
            .then(response => { this._result = response.result; });
    }
}
customElements.define('qwc-tool-fs-call', QwcToolFsCall);
