// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 3, queries: verdicts, and the one walk over the callers.
 *
 * When an access's pointer is a parameter, or its region is the one the
 * caller left open, the question moves to every call site of the function
 * in this unit.  ua_ask_callers() is the only place that walks callers:
 * coverage and region questions pass a callback that asks their question
 * at one call.  Each answer comes back as a verdict; on its way down the
 * chain the call is added to every proof (so a proof's check, its region
 * and its calls come from one path), and a finding the caller decided
 * itself is pinned to that call site, remembering the call in the callee
 * that leads on to the access (for "the first access this call reaches").  A function whose callers are not
 * all visible leaves a requirement instead of a guess; recursion and
 * chains deeper than UA_MAX_CHAIN end as "unproven".  Nothing here prints
 * or records anything.
 */
#include "uaccess_check.h"
#include "verdict.h"

void ua_verdict_init(struct ua_verdict *v)
{
	memset(v, 0, sizeof(*v));
}

/* Free a verdict made by XNEW() and ua_verdict_init(); NULL is none. */
void ua_verdict_free(struct ua_verdict *v)
{
	if (v)
		free(v->finding);
	free(v);
}

static bool same_chain(const struct ua_chain *a, const struct ua_chain *b)
{
	unsigned i;

	if (a->n != b->n)
		return false;
	for (i = 0; i < a->n; i++)
		if (a->call[i] != b->call[i])
			return false;
	return true;
}

void ua_verdict_add_proof(struct ua_verdict *v, const struct ua_proof *p)
{
	unsigned i;

	for (i = 0; i < v->nproofs; i++)
		if (v->proof[i].prim == p->prim && v->proof[i].kept == p->kept &&
		    v->proof[i].cls == p->cls &&
		    same_chain(&v->proof[i].chain, &p->chain))
			return;
	if (v->nproofs == UA_MAX_PROOFS)
		return;
	v->proof[v->nproofs++] = *p;
}

static bool same_finding(const struct ua_finding *a, const struct ua_finding *b)
{
	return a->cls == b->cls && a->call == b->call && a->fn == b->fn &&
	       a->prim == b->prim && a->first == b->first &&
	       a->last == b->last && a->requirement == b->requirement;
}

void ua_verdict_add_finding(struct ua_verdict *v, const struct ua_finding *f)
{
	unsigned i;

	v->cls = MAX(v->cls, f->cls);
	for (i = 0; i < v->nfindings; i++)
		if (same_finding(&v->finding[i], f))
			return;
	if (v->nfindings == v->afindings) {
		v->afindings = v->afindings ? 2 * v->afindings : 4;
		v->finding = XRESIZEVEC(struct ua_finding, v->finding,
					v->afindings);
	}
	v->finding[v->nfindings++] = *f;
}

static void add_requirement(struct ua_verdict *v, const struct ua_requirement *r)
{
	unsigned i;

	for (i = 0; i < v->nreqs; i++)
		if (v->req[i].fn == r->fn && v->req[i].region == r->region &&
		    v->req[i].ref.root == r->ref.root &&
		    v->req[i].ref.off == r->ref.off &&
		    v->req[i].ref.off_known == r->ref.off_known)
			return;
	if (v->nreqs == UA_MAX_REQS)
		return;
	v->req[v->nreqs++] = *r;
}

static void merge(struct ua_verdict *out, const struct ua_verdict *v)
{
	unsigned i;

	out->cls = MAX(out->cls, v->cls);
	out->via_callers |= v->via_callers;
	for (i = 0; i < v->nproofs; i++)
		ua_verdict_add_proof(out, &v->proof[i]);
	for (i = 0; i < v->nfindings; i++)
		ua_verdict_add_finding(out, &v->finding[i]);
	for (i = 0; i < v->nreqs; i++)
		add_requirement(out, &v->req[i]);
}

/*
 * The proof that stands for the verdict (for distance and the facts): of
 * those as bad as the verdict, the one whose check is farthest up; none
 * when the worst path has no check at all.
 */
const struct ua_proof *ua_farthest_proof(const struct ua_verdict *v)
{
	const struct ua_proof *best = NULL;
	unsigned i;

	for (i = 0; i < v->nproofs; i++)
		if (v->proof[i].cls == v->cls &&
		    (!best || v->proof[i].chain.n > best->chain.n))
			best = &v->proof[i];
	return best;
}

static void chain_add(struct ua_chain *chain, gimple *call,
		      struct ua_fn *caller, struct ua_fn *callee)
{
	if (chain->n == UA_MAX_CHAIN)
		return;
	chain->call[chain->n] = call;
	chain->caller[chain->n] = caller;
	chain->callee[chain->n] = callee;
	chain->n++;
}

/*
 * An answer from @caller about its call of @callee: extend every proof by
 * the call, and pin what the caller decided itself to the call site.
 */
/* The calls the walk is in, innermost first: where a finding came from. */
static gimple *walking[UA_MAX_CHAIN + 1];
static unsigned nwalking;

static void through_call(struct ua_verdict *v, gimple *call,
			 struct ua_fn *caller, struct ua_fn *callee)
{
	gimple *below = nwalking >= 2 ? walking[nwalking - 2] : NULL;
	unsigned i;

	for (i = 0; i < v->nproofs; i++)
		chain_add(&v->proof[i].chain, call, caller, callee);
	for (i = 0; i < v->nfindings; i++) {
		struct ua_finding *f = &v->finding[i];

		if (f->call || !UA_IS_ERROR(f->cls))
			continue;
		f->call = call;
		f->caller = caller;
		f->callee = callee;
		f->below = below;
	}
	v->via_callers = true;
}

static void unproven(struct ua_verdict *out, struct ua_fn *fn,
		     const struct ua_ref *need, bool requirement)
{
	struct ua_finding f;

	memset(&f, 0, sizeof(f));
	f.cls = UA_UNPROVEN;
	f.fn = fn;
	if (need)
		f.ref = *need;
	f.requirement = requirement;
	ua_verdict_add_finding(out, &f);
}

/*
 * Ask @ask at every call of @fn in the unit and merge the answers into
 * @out.  @need is the pointer asked about (NULL for a region question),
 * for the requirement left when some callers cannot be seen.
 */
void ua_ask_callers(struct ua_fn *fn, const struct ua_ref *need, int depth,
		    ua_ask_fn ask, const void *question, struct ua_verdict *out)
{
	cgraph_edge *e;

	out->via_callers = true;
	if (!ua_callers_known(fn) || !fn->node->callers) {
		struct ua_requirement r;

		memset(&r, 0, sizeof(r));
		r.fn = fn;
		r.region = !need;
		if (need)
			r.ref = *need;
		add_requirement(out, &r);
		unproven(out, fn, need, true);
	}
	if (depth >= UA_MAX_CHAIN) {
		unproven(out, fn, need, false);
		return;
	}
	fn->busy = true;
	for (e = fn->node->callers; e; e = e->next_caller) {
		struct ua_fn *caller = ua_fn_of(e->caller);
		struct ua_verdict *v;

		if (!caller || caller->busy || !e->call_stmt) {
			unproven(out, fn, need, false);
			continue;
		}
		v = XNEW(struct ua_verdict);
		ua_verdict_init(v);
		walking[nwalking++] = e->call_stmt;
		ua_fn_enter(caller);
		ask(caller, e->call_stmt, fn, question, depth + 1, v);
		ua_fn_leave();
		through_call(v, e->call_stmt, caller, fn);
		nwalking--;
		merge(out, v);
		ua_verdict_free(v);
	}
	fn->busy = false;
}
