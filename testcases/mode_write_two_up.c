// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: write two calls below a region opened for reading
 * check-description: take_req() opens its region with user_read_access_begin() and reaches the store in put_ack() through ack_req(): the mode finding is at the call in take_req(), with the store and the begin. Level 1 adds the distance of the store from its region two calls up, as for a region of the right kind (distance and mode are independent questions).
 * check-level: 1
 *
 * check-output-start
mode_write_two_up.c:32:9: warning: unsafe_put_user() runs in a region opened 2 calls up, by user_read_access_begin(req, sizeof(*req)) in take_req() [-Wuaccess-distance]
mode_write_two_up.c:48:14: note: region opened here
mode_write_two_up.c:51:15: note: call 1 of 2: take_req() calls ack_req()
mode_write_two_up.c:40:16: note: call 2 of 2: ack_req() calls put_ack()
mode_write_two_up.c:48:14: note: checked here: user_read_access_begin(req, sizeof(*req))
mode_write_two_up.c:32:9: note: distance: 2 calls, 16 source lines from the check to this access
mode_write_two_up.c:51:15: warning: call to 'ack_req' reaches unsafe_put_user(), which writes in a region opened for reading [-Wuaccess-mode]
mode_write_two_up.c:32:9: note: accessed here
mode_write_two_up.c:48:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_req {
	u32 op;
	u32 ack;
};

static __always_inline int put_ack(u32 __user *uack)
{
	unsafe_put_user(1, uack, efault);
	return 0;
efault:
	return -EFAULT;
}

static __always_inline int ack_req(struct uc_req __user *req)
{
	return put_ack(&req->ack);
}

int take_req(struct uc_req __user *req, u32 *op);
int take_req(struct uc_req __user *req, u32 *op)
{
	int err;

	if (!user_read_access_begin(req, sizeof(*req)))
		return -EFAULT;
	unsafe_get_user(*op, &req->op, efault);
	err = ack_req(req);
	user_read_access_end();
	return err;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(take_req);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: write two calls below a region opened for reading");
