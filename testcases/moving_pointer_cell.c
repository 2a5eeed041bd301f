// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: pointer moved through a caller's variable
 * check-description: The 6.12 ep_deliver_event() shape: deliver() gets the address of scan()'s pointer, writes through *cursor with an unchecked begin and stores the advanced pointer back. The chain goes from collect()'s access_ok() through scan() and deliver() to the access: level 1 reports two calls, and that the bound is not proven.
 * check-level: 1
 *
 * check-output-start
moving_pointer_cell.c:34:9: warning: __uaccess_begin() opens a region whose access_ok() is in collect(), 2 calls up [-Wuaccess-distance]
moving_pointer_cell.c:63:14: note: checked here: access_ok(items, max * sizeof(struct uc_item))
moving_pointer_cell.c:65:16: note: call 1 of 2: collect() calls scan()
moving_pointer_cell.c:49:27: note: call 2 of 2: scan() calls deliver()
moving_pointer_cell.c:33:9: note: region opened here
moving_pointer_cell.c:34:9: note: distance: 2 calls, 29 source lines from the check to this access
moving_pointer_cell.c:34:9: note: validated for the length in access_ok(items, max * sizeof(struct uc_item)); the pointer reaching the access moves by a run-time amount (advanced in a loop or by a helper), so the bound is not proven
moving_pointer_cell.c:35:9: note: the region also holds unsafe_put_user() here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_item {
	u32 id;
	u32 len;
};

static noinline int deliver(u32 id, struct uc_item __user **cursor)
{
	struct uc_item __user *it = *cursor;

	__uaccess_begin();
	unsafe_put_user(id, &it->id, efault);
	unsafe_put_user(0, &it->len, efault);
	user_access_end();
	*cursor = it + 1;
	return 1;
efault:
	user_access_end();
	return -EFAULT;
}

static noinline int scan(struct uc_item __user *items, int max)
{
	int i, res = 0;

	for (i = 0; i < max; i++) {
		int ret = deliver(i, &items);

		if (ret < 0)
			return ret;
		res += ret;
	}
	return res;
}

int collect(struct uc_item __user *items, int max);
int collect(struct uc_item __user *items, int max)
{
	if (max <= 0 || max > 32)
		return -EINVAL;
	if (!access_ok(items, max * sizeof(struct uc_item)))
		return -EFAULT;
	return scan(items, max);
}
EXPORT_SYMBOL_GPL(collect);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: pointer moved through a caller's variable");
