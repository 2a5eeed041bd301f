// SPDX-License-Identifier: GPL-2.0
/*
 * The functions of the unit: what the recognisers, the guards and the
 * region dataflow found in each, computed once and on demand (a caller is
 * only analysed when the call-chain search reaches it).
 *
 * Queries about a function need its dominator tree, which GCC keeps per
 * cfun, so they run between ua_fn_enter() and ua_fn_leave().  Dominance
 * information this plugin computed is freed at the end of the unit, so
 * the passes after it find the state they would have found without it.
 */
#include "uaccess_check.h"

static hash_map<cgraph_node *, struct ua_fn *> *fns;

static void analyse(struct ua_fn *fn)
{
	fn->analysing = true;
	ua_fn_enter(fn);
	ua_find_primitives(fn);
	ua_find_guards(fn);
	if (fn->nprims)
		ua_region_dataflow(fn);
	ua_fn_leave();
	fn->analysing = false;
}

static bool has_body(cgraph_node *node)
{
	function *fun = DECL_STRUCT_FUNCTION(node->decl);

	return fun && fun->cfg && gimple_in_ssa_p(fun) &&
	       !ua_is_primitive_body(node->decl);
}

struct ua_fn *ua_fn_of(cgraph_node *node)
{
	struct ua_fn **slot, *fn;

	node = node->ultimate_alias_target();
	if (!has_body(node))
		return NULL;
	if (!fns)
		fns = new hash_map<cgraph_node *, struct ua_fn *>;
	slot = fns->get(node);
	if (slot)
		return *slot;
	/* in the map before its analysis, which may ask about its callees */
	fn = XCNEW(struct ua_fn);
	fn->node = node;
	fn->fun = DECL_STRUCT_FUNCTION(node->decl);
	fns->put(node, fn);
	analyse(fn);
	return fn;
}

/* The analysed body a call reaches, if the unit has it. */
struct ua_fn *ua_fn_of_call(gimple *call)
{
	tree decl = gimple_call_fndecl(call);
	cgraph_node *node = decl ? cgraph_node::get(decl) : NULL;

	return node ? ua_fn_of(node) : NULL;
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

static bool free_one(cgraph_node *const &, struct ua_fn *const &fn, void *)
{
	unsigned i;

	if (fn->own_dominators)
		free_dominance_info(fn->fun, CDI_DOMINATORS);
	for (i = 0; i < fn->naccesses; i++) {
		free(fn->accesses[i].asms);
		free(fn->accesses[i].cover);
		free(fn->accesses[i].region);
	}
	free(fn->accesses);
	free(fn->prims);
	free(fn->bb_in);
	free(fn);
	return true;
}

void ua_unit_reset(void)
{
	if (!fns)
		return;
	fns->traverse<void *, free_one>(NULL);
	delete fns;
	fns = NULL;
}
