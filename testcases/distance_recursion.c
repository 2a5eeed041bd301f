// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: recursive helper
 * check-description: put_chain() calls itself with the pointer advanced. The call-chain search does not follow the recursive call, and the checked length is a run-time value: the access is unproven (level 2), not guessed either way. The region opened one call up is a level-2 distance.
 * check-level: 2
 *
 * check-output-start
distance_recursion.c:25:9: warning: unsafe_put_user() on 'slots' is not proven to stay within the checked range [-Wuaccess-unproven]
distance_recursion.c:40:14: note: checked here
distance_recursion.c:25:9: warning: unsafe_put_user() runs in a region opened 1 call up, by user_write_access_begin(slots, (depth + 1) * sizeof(u32)) in export_chain() [-Wuaccess-distance]
distance_recursion.c:40:14: note: region opened here
distance_recursion.c:42:15: note: call 1 of 1: export_chain() calls put_chain()
distance_recursion.c:40:14: note: checked here: user_write_access_begin(slots, (depth + 1) * sizeof(u32))
distance_recursion.c:25:9: note: distance: 1 call, 15 source lines from the check to this access
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

static noinline int put_chain(u32 __user *slot, u32 depth)
{
	unsafe_put_user(depth, slot, efault);
	if (depth)
		return put_chain(slot + 1, depth - 1);
	return 0;
efault:
	return -EFAULT;
}

int export_chain(u32 __user *slots, u32 depth);
int export_chain(u32 __user *slots, u32 depth)
{
	int err;

	if (depth > 16)
		return -EINVAL;
	if (!user_write_access_begin(slots, (depth + 1) * sizeof(u32)))
		return -EFAULT;
	err = put_chain(slots, depth);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(export_chain);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: recursive helper");
