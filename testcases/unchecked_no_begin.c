// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: accessor with no check and no begin at all
 * check-description: The pointer is loaded from a kernel structure and written with no access_ok() and no begin anywhere in the function (the loongarch kvm_update_stolen_time() shape), so the access is unchecked; the function has no caller in the unit, so its entry region state is not assumed closed and only the unchecked finding is expected.
 * check-level: 0
 *
 * check-output-start
unchecked_no_begin.c:26:9: warning: unsafe_put_user() on 'args->counter' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_no_begin.c:26:9: note: no check of 'args->counter' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct steal_args {
	u64 __user *counter;
	u64 value;
};

int publish_steal(struct steal_args *args);
int publish_steal(struct steal_args *args)
{
	unsafe_put_user(args->value, args->counter, efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(publish_steal);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: accessor with no check and no begin at all");
