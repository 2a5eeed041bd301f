// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 4, output: which findings are said, and where.
 *
 * Coverage (unchecked, range, unproven) and region (region, mode) are
 * independent questions, so one access can earn one diagnostic of each.
 * A finding a caller decided is said at its call site, once per call and
 * class whatever the accessors behind it (naming the first the call
 * reaches); the access itself then says nothing more.  A finding decided
 * in the access's own function is said at the access, the worst class
 * only.  unproven is said only from its level (messages.def), and
 * only where nothing worse was found.  The counts of the verbose summary
 * come from the same verdicts.
 */
#include "uaccess_check.h"
#include "verdict.h"

typedef void (*say_fn)(const struct ua_finding *f, struct ua_access *acc);

/* A finding to say at a call, once per call, class and question. */
struct at_call {
	const struct ua_finding *f;
	struct ua_access *acc;
	say_fn question;
};

static vec<struct at_call> pending;

/* One verdict per access and site: unchecked hides range, region mode. */
static bool worst_at_site(const struct ua_verdict *v, const struct ua_finding *f)
{
	unsigned i;

	for (i = 0; i < v->nfindings; i++)
		if (v->finding[i].call == f->call && v->finding[i].cls > f->cls)
			return false;
	return true;
}

/* The unproven finding to say: a requirement first, then a known check. */
static const struct ua_finding *soft_finding(const struct ua_verdict *v)
{
	const struct ua_finding *best = NULL;
	unsigned i;

	for (i = 0; i < v->nfindings; i++) {
		const struct ua_finding *f = &v->finding[i];

		if (f->cls != UA_UNPROVEN)
			continue;
		if (!best || (f->requirement && !best->requirement) ||
		    (f->prim && !best->prim && !best->requirement))
			best = f;
	}
	return best;
}

/*
 * Say what @v holds for @acc itself, and keep what belongs to call sites;
 * true when an error was found.
 */
static bool say_verdict(struct ua_access *acc, const struct ua_verdict *v,
			say_fn say, bool soft_needs_requirement)
{
	const struct ua_finding *soft, *local = NULL;
	bool error = false;
	unsigned i;

	for (i = 0; i < v->nfindings; i++) {
		const struct ua_finding *f = &v->finding[i];
		struct at_call p = { f, acc, say };

		if (!UA_IS_ERROR(f->cls))
			continue;
		error = true;
		if (!worst_at_site(v, f))
			continue;
		if (f->call)
			pending.safe_push(p);
		else if (!local)
			local = f;
	}
	if (local)
		say(local, acc);
	if (error || ua_opts.level < ua_class_level(UA_UNPROVEN))
		return error;
	soft = soft_finding(v);
	if (soft && (soft->requirement || !soft_needs_requirement))
		say(soft, acc);
	return false;
}

/* Where in the callee the finding's way to the access starts. */
static location_t way_in(const struct at_call *p)
{
	return p->f->below ? ua_user_location(gimple_location(p->f->below)) :
			     p->acc->loc;
}

static int by_call(const void *a, const void *b)
{
	const struct at_call *x = (const struct at_call *)a;
	const struct at_call *y = (const struct at_call *)b;
	int c = ua_compare_locations(gimple_location(x->f->call),
				     gimple_location(y->f->call));

	if (c)
		return c;
	if (x->f->call != y->f->call)
		return x->f->call < y->f->call ? -1 : 1;
	if (x->question != y->question)
		return x->question == ua_say_cover ? -1 : 1;
	if (x->f->cls != y->f->cls)
		return x->f->cls < y->f->cls ? -1 : 1;
	c = ua_compare_locations(way_in(x), way_in(y));
	if (c)
		return c;
	return ua_compare_locations(x->acc->loc, y->acc->loc);
}

/*
 * A call is reported once per class and question, naming the first
 * access it reaches in the callee's statement order (an access of an
 * inner helper counts where that helper is called).
 */
static void say_at_calls(void)
{
	unsigned i;

	pending.qsort(by_call);
	for (i = 0; i < pending.length(); i++) {
		const struct at_call *p = &pending[i], *q = &pending[i - 1];

		if (i && q->f->call == p->f->call && q->f->cls == p->f->cls &&
		    q->question == p->question)
			continue;
		p->question(p->f, p->acc);
	}
	pending.release();
}

static void judge_access(struct ua_access *acc, struct ua_counts *counts)
{
	bool reported;
	enum ua_class cls = MAX(acc->cover->cls, acc->region->cls);

	reported = say_verdict(acc, acc->cover, ua_say_cover, false);
	reported |= say_verdict(acc, acc->region, ua_say_region, true);
	counts->accesses++;
	if (reported)
		counts->reported++;
	else if (cls == UA_UNPROVEN)
		counts->unproven++;
	else if (acc->cover->via_callers || acc->region->via_callers)
		counts->callers++;
	else
		counts->proven++;
}

/* Accesses in source order; then the calls. */
void ua_judge_unit(struct ua_counts *counts)
{
	vec<struct ua_access *> all = vNULL;
	unsigned i, j;

	memset(counts, 0, sizeof(*counts));
	for (i = 0; i < ua_unit_count(); i++) {
		struct ua_fn *fn = ua_unit_fn(i);

		for (j = 0; j < fn->nfindings; j++)
			if (!fn->findings[j].blind ||
			    ua_opts.level >= ua_class_level(UA_UNPROVEN))
				ua_say_fn_finding(fn, &fn->findings[j]);
		for (j = 0; j < fn->naccesses; j++)
			all.safe_push(&fn->accesses[j]);
	}
	all.qsort(ua_compare_accesses);
	for (i = 0; i < all.length(); i++)
		judge_access(all[i], counts);
	all.release();
	say_at_calls();
}
