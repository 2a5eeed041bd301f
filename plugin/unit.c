// SPDX-License-Identifier: GPL-2.0
/*
 * The function table of the unit, in postorder of the call graph.
 *
 * Every function with a body gets a struct ua_fn before any phase runs;
 * a lookup never analyses anything.  The table is ordered callees first,
 * with each call cycle (strongly connected component, Tarjan's algorithm)
 * kept together and numbered, so that the summaries can be computed
 * bottom-up and to a fixed point inside a cycle.
 *
 * Queries about a function need its dominator tree, which GCC keeps per
 * cfun, so they run between ua_fn_enter() and ua_fn_leave().  Dominance
 * information this plugin computed is freed at the end of the unit, so
 * the passes after it find the state they would have found without it.
 */
#include "uaccess_check.h"
#include "verdict.h"

static hash_map<cgraph_node *, struct ua_fn *> *fns;
static vec<struct ua_fn *> table;

static bool has_body(cgraph_node *node)
{
	function *fun = DECL_STRUCT_FUNCTION(node->decl);

	return fun && fun->cfg && gimple_in_ssa_p(fun) &&
	       !ua_is_primitive_body(node->decl);
}

struct ua_fn *ua_fn_of(cgraph_node *node)
{
	struct ua_fn **slot;

	if (!fns || !node)
		return NULL;
	slot = fns->get(node->ultimate_alias_target());
	return slot ? *slot : NULL;
}

/* The analysed body a call reaches, if the unit has it. */
struct ua_fn *ua_fn_of_call(gimple *call)
{
	tree decl = gimple_call_fndecl(call);

	return decl ? ua_fn_of(cgraph_node::get(decl)) : NULL;
}

/*
 * Every primitive of @fn: its own (phase 1), then its calls of check
 * helpers (phase 2), each array filled once by its phase.
 */
unsigned ua_nprims(const struct ua_fn *fn)
{
	return fn->nprims + fn->nhelper_calls;
}

/* The regions a function opens: its begins', then its begin helpers'. */
unsigned ua_ntokens(const struct ua_fn *fn)
{
	return fn->ntokens + fn->nhelper_tokens;
}

const struct ua_prim *ua_prim_at(const struct ua_fn *fn, unsigned i)
{
	return i < fn->nprims ? &fn->prims[i] :
	       &fn->helper_calls[i - fn->nprims];
}

const struct ua_prim *ua_prim_of(const struct ua_fn *fn, gimple *stmt)
{
	unsigned i;

	for (i = 0; i < ua_nprims(fn); i++)
		if (ua_prim_at(fn, i)->stmt == stmt)
			return ua_prim_at(fn, i);
	return NULL;
}

/* Tarjan's strongly connected components over the calls in the unit. */
struct tarjan {
	hash_map<struct ua_fn *, unsigned> index, low;
	vec<struct ua_fn *> stack;
	hash_set<struct ua_fn *> on_stack;
	unsigned next, order, scc;
};

static void strongconnect(struct tarjan *t, struct ua_fn *fn)
{
	cgraph_edge *e;
	unsigned my = t->next++;

	t->index.put(fn, my);
	t->low.put(fn, my);
	t->stack.safe_push(fn);
	t->on_stack.add(fn);
	for (e = fn->node->callees; e; e = e->next_callee) {
		struct ua_fn *callee = ua_fn_of(e->callee);

		if (!callee)
			continue;
		if (!t->index.get(callee)) {
			strongconnect(t, callee);
			*t->low.get(fn) = MIN(*t->low.get(fn),
					      *t->low.get(callee));
		} else if (t->on_stack.contains(callee)) {
			*t->low.get(fn) = MIN(*t->low.get(fn),
					      *t->index.get(callee));
		}
	}
	if (*t->low.get(fn) != my)
		return;
	for (;;) {
		struct ua_fn *w = t->stack.pop();

		t->on_stack.remove(w);
		w->scc = t->scc;
		w->order = t->order++;
		if (w == fn)
			break;
	}
	t->scc++;
}

static int by_order(const void *a, const void *b)
{
	const struct ua_fn *x = *(const struct ua_fn *const *)a;
	const struct ua_fn *y = *(const struct ua_fn *const *)b;

	return x->order < y->order ? -1 : x->order > y->order;
}

void ua_unit_build(void)
{
	struct tarjan t;
	cgraph_node *node;
	unsigned i;

	fns = new hash_map<cgraph_node *, struct ua_fn *>;
	table = vNULL;
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		cgraph_node *target = node->ultimate_alias_target();
		struct ua_fn *fn;

		if (!has_body(target) || fns->get(target))
			continue;
		fn = XCNEW(struct ua_fn);
		/* no summary until summary.c has one */
		fn->sum.ret_param = -1;
		fn->sum.check_param = -1;
		fn->node = target;
		fn->fun = DECL_STRUCT_FUNCTION(target->decl);
		fns->put(target, fn);
		table.safe_push(fn);
	}
	/* index 0 means "not visited": number from 1 */
	t.stack = vNULL;
	t.next = 1;
	t.order = 0;
	t.scc = 0;
	for (i = 0; i < table.length(); i++)
		if (!t.index.get(table[i]))
			strongconnect(&t, table[i]);
	t.stack.release();
	table.qsort(by_order);
}

unsigned ua_unit_count(void)
{
	return table.length();
}

struct ua_fn *ua_unit_fn(unsigned i)
{
	return table[i];
}

void ua_fn_enter(struct ua_fn *fn)
{
	push_cfun(fn->fun);
	if (!dom_info_available_p(CDI_DOMINATORS)) {
		calculate_dominance_info(CDI_DOMINATORS);
		fn->own_dominators = true;
	}
}

void ua_fn_leave(void)
{
	pop_cfun();
}

/* Are all calls of @fn in this unit, visible in its call graph? */
bool ua_callers_known(struct ua_fn *fn)
{
	tree decl = fn->node->decl;

	return !TREE_PUBLIC(decl) && !fn->node->address_taken &&
	       !DECL_PRESERVE_P(decl) && !fn->node->ref_list.referring.length();
}

/*
 * The body SYSCALL_DEFINEx() / COMPAT_SYSCALL_DEFINEx() expand to: its
 * parameters come from user space through the wrappers, so they are roots.
 */
bool ua_is_syscall(struct ua_fn *fn)
{
	const char *name = IDENTIFIER_POINTER(DECL_NAME(fn->node->decl));

	return startswith(name, "__do_sys_") ||
	       startswith(name, "__do_compat_sys_");
}

/*
 * The argument of an ioctl handler, the user's raw value: the last
 * parameter, an unsigned long after the unsigned int command, of a
 * function whose first parameter is the object it works on
 * (file_operations' unlocked_ioctl and compat_ioctl, block devices').
 */
bool ua_is_ioctl_arg(struct ua_fn *fn, tree parm)
{
	tree decl = fn->node->decl, p, prev = NULL_TREE;

	if (TREE_CODE(parm) != PARM_DECL || DECL_CONTEXT(parm) != decl)
		return false;
	for (p = DECL_ARGUMENTS(decl); p && DECL_CHAIN(p); p = DECL_CHAIN(p))
		prev = p;
	if (p != parm || !prev || prev == DECL_ARGUMENTS(decl) ||
	    !POINTER_TYPE_P(TREE_TYPE(DECL_ARGUMENTS(decl))))
		return false;
	return TYPE_MAIN_VARIANT(TREE_TYPE(parm)) == long_unsigned_type_node &&
	       TYPE_MAIN_VARIANT(TREE_TYPE(prev)) == unsigned_type_node;
}

static void free_fn(struct ua_fn *fn)
{
	unsigned i;

	if (fn->own_dominators)
		free_dominance_info(fn->fun, CDI_DOMINATORS);
	for (i = 0; i < fn->naccesses; i++)
		free(fn->accesses[i].asms);
	free(fn->calls);
	free(fn->findings);
	free(fn->accesses);
	free(fn->prims);
	free(fn->helper_calls);
	free(fn->ending_calls);
	free(fn->saves);
	free(fn->kernel_edges);
	if (fn->pred_in)
		for (i = 0; i < fn->nblocks; i++)
			free(fn->pred_in[i]);
	free(fn->pred_in);
	free(fn->pairs);
	for (i = 0; i < fn->ncorr; i++)
		free(fn->corr[i].eq);
	free(fn->corr);
	free(fn->bb_in);
	free(fn);
}

void ua_unit_reset(void)
{
	unsigned i;

	for (i = 0; i < table.length(); i++)
		free_fn(table[i]);
	table.release();
	delete fns;
	fns = NULL;
}
