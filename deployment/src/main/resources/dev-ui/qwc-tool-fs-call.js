import { LitElement, html, css } from 'lit';
import { JsonRpc } from 'jsonrpc';

/** Calls a tool exactly as a model would, and shows the model-facing text and the metadata. */
export class QwcToolFsCall extends LitElement {
    jsonRpc = new JsonRpc(this);

    static properties = {
        _tools: { state: true },
        _tool: { state: true },
        _arguments: { state: true },
        _session: { state: true },
        _model: { state: true },
        _result: { state: true },
        _failure: { state: true },
        _calling: { state: true },
    };

    static styles = css`
        :host { display: flex; flex-direction: column; gap: .5em; padding: 0 1em; }
        textarea { font-family: monospace; min-height: 8em; }
        pre { background: var(--lumo-contrast-5pct); padding: .5em; white-space: pre-wrap; }
        .error { color: var(--lumo-error-text-color); }
    `;

    constructor() {
        super();
        this._tools = [];
        this._tool = '';
        this._arguments = '{\n  "file_path": ""\n}';
        this._session = 'devui';
        this._model = '';
    }

    connectedCallback() {
        super.connectedCallback();
        // The enabled tools only: a disabled one would fail as unknown.
        this.jsonRpc.getTools()
            .then(response => {
                this._tools = response.result;
                if (!this._tools.some(t => t.name === this._tool)) {
                    this._tool = this._tools.length ? this._tools[0].name : '';
                }
            })
            .catch(e => { this._failure = 'The tools could not be listed: ' + (e?.error?.message ?? e); });
    }

    render() {
        return html`
            <label>Tool
                <select @change=${e => { this._tool = e.target.value; }}>
                    ${this._tools.map(t => html`<option value=${t.name} ?selected=${t.name === this._tool}>${t.name}</option>`)}
                </select>
            </label>
            <label>Session <input .value=${this._session} @input=${e => { this._session = e.target.value; }}></label>
            <label>Model (for read_image; empty: the session's, else quarkus.tool-fs.default-model)
                <input .value=${this._model} @input=${e => { this._model = e.target.value; }}></label>
            <label>Arguments (JSON)</label>
            <textarea .value=${this._arguments} @input=${e => { this._arguments = e.target.value; }}></textarea>
            <div><button ?disabled=${this._calling || !this._tool} @click=${() => this._call()}>
                ${this._calling ? 'Calling… (an approval may be waiting)' : 'Call'}</button></div>
            ${this._failure ? html`<pre class="error">${this._failure}</pre>` : ''}
            ${this._result ? html`
                <pre class=${this._result.isError ? 'error' : ''}>${this._result.text}</pre>
                ${this._result.images ? html`<p>${this._result.images} image(s) returned, not shown here.</p>` : ''}
                ${this._result.metadata ? html`<pre>${JSON.stringify(this._result.metadata, null, 2)}</pre>` : ''}` : ''}`;
    }

    _call() {
        this._calling = true;
        this._failure = undefined;
        this._result = undefined;
        this.jsonRpc.callTool({ tool: this._tool, arguments: this._arguments, session: this._session, model: this._model })
            .then(response => { this._result = response.result; })
            .catch(e => { this._failure = 'The call failed: ' + (e?.error?.message ?? e); })
            .finally(() => { this._calling = false; });
    }
}
customElements.define('qwc-tool-fs-call', QwcToolFsCall);
